/**
 * The practical ceiling: a bare Express 5 application (the framework Almanac uses, with its
 * default settings) answering one route with a small JSON object. Every benchmark figure is
 * reported as a ratio to this server's throughput, measured on the same machine in the same run.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';

const app = express();
app.get('/ping', (_req, res) => {
  res.json({ status: 'ok', service: 'ceiling', version: 1 });
});
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(`Ceiling listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));

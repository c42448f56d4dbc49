/** Electron's entry point (package.json "main" → its bundle, dist/node/main/main.js). */
import { startDesktop } from './desktop.js';

startDesktop({ mainUrl: import.meta.url });

/** A scripted server process for main's tests: records what it is sent, emits what it is told. */
import { EventEmitter } from 'node:events';
import type { ChildHandle } from '../../main/server-process.js';

export const SESSION = { token: 'abc.def', expires_utc: '2026-06-16 00:00:00' };
export const READY = { type: 'ready', url: 'http://127.0.0.1:7420', session: SESSION };

export class FakeChild implements ChildHandle {
  readonly events = new EventEmitter();
  readonly sent: object[] = [];
  kills = 0;
  exited = false;
  /** Called on every message sent to the child, to script its answers. */
  respond: (message: object, child: FakeChild) => void = () => undefined;

  send(message: object) {
    this.sent.push(message);
    this.respond(message, this);
  }
  onMessage(listener: (message: unknown) => void) {
    this.events.on('message', listener);
    return () => void this.events.off('message', listener);
  }
  onExit(listener: (code: number | null) => void) {
    this.events.on('exit', listener);
    return () => void this.events.off('exit', listener);
  }
  kill() {
    this.kills++;
    this.exit(null);
  }
  message(message: unknown) {
    this.events.emit('message', message);
  }
  exit(code: number | null) {
    if (this.exited) return;
    this.exited = true;
    this.events.emit('exit', code);
  }
}

/**
 * One browser event, listened to by background.js from its first evaluation (an extension worker is
 * woken only for the events it listened to then) and passed on to whoever listens here later: the
 * wallet, once its script is loaded (./walletScript.ts).
 */
import type { EventPort } from '../env';

export class EventHub<T extends unknown[]> implements EventPort<T> {
  private readonly listeners: ((...args: T) => void)[] = [];

  addListener(fn: (...args: T) => void): void {
    this.listeners.push(fn);
  }

  emit(...args: T): void {
    for (const fn of this.listeners) fn(...args);
  }
}

// The kernel's ModuleServices: long-lived objects a module keeps for the running app (its
// caches), made on first use and closed with the app, in reverse order of making.
import type { ModuleServices } from '../kernel/services.ts';

export class ModuleServiceRegistry implements ModuleServices {
  private readonly items = new Map<symbol, { value: unknown; close?: (value: unknown) => void }>();

  get<T>(key: symbol, create: () => T, close?: (value: T) => void): T {
    const found = this.items.get(key);
    if (found) return found.value as T;
    const value = create();
    this.items.set(key, { value, ...(close ? { close: close as (value: unknown) => void } : {}) });
    return value;
  }

  closeAll(): void {
    for (const { value, close } of [...this.items.values()].reverse()) close?.(value);
    this.items.clear();
  }
}

export * from './accounts.ts';
export * from './platform.ts';

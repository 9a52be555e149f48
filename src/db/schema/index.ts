export * from './accounts.ts';
export * from './platform.ts';
export * from './onboarding.ts';
export * from './catalog.ts';
export * from './properties.ts';
export * from './reservations.ts';
export * from './payments.ts';
export * from './messaging.ts';

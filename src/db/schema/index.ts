export * from './accounts.ts';
export * from './platform.ts';
export * from './onboarding.ts';

export * from './auth';
export * from './api-keys';
export * from './catalog';
export * from './listings';
export * from './mail';
export * from './content';
export * from './rate-limits';

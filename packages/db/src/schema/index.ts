export * from './auth';
export * from './catalog';
export * from './content';
export * from './identity';
export * from './platform';

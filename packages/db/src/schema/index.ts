export * from './auth';
export * from './buyer-resources';
export * from './catalog';
export * from './content';
export * from './identity';
export * from './marketplace';
export * from './outbox';
export * from './platform';

export * from './auth';
export * from './buyer-resources';
export * from './marketplace';
export * from './catalog';
export * from './content';
export * from './identity';
export * from './platform';

export * from './auth';
export * from './mail';

export * from './ai';
export * from './auth';
export * from './contact';
export * from './mail';
export * from './media';
export * from './posts';
export * from './settings';
export * from './workspaces';

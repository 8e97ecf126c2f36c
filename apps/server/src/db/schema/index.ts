export * from './auth';
export * from './contact';
export * from './mail';
export * from './workspaces';

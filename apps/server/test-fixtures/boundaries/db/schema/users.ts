export const users = { name: 'users' };

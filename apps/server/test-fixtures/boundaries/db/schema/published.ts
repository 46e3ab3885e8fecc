export const userDirectory = { name: 'user_directory' };

export const apiRoot = '/api';

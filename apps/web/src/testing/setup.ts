import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { apiServer } from './api-mock';

// A request no test handler answers fails (and MSW names it), instead of reaching the network.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  apiServer.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => apiServer.close());

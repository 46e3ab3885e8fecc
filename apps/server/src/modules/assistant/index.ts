/** The help assistant: answers from a knowledge base and from the caller's own account; it only navigates. */
export { assistantRoutes } from './assistant.routes.ts';
export type { AccountReader, AssistantDeps } from './assistant.deps.ts';

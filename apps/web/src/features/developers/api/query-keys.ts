/** Query keys of the developers feature; invalidating `all` refreshes keys, endpoints and their logs. */
export const developerKeys = {
  all: ['developer'] as const,
  apiKeys: () => ['developer', 'api-keys'] as const,
  webhooks: () => ['developer', 'webhooks'] as const,
  attempts: (endpointId: string) => ['developer', 'webhooks', endpointId, 'attempts'] as const,
  attemptsPage: (endpointId: string, page: number) =>
    ['developer', 'webhooks', endpointId, 'attempts', page] as const,
};

import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const openapiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Amana Escrow API',
        version: '1.0.0',
        description:
          'Envelope: { success, data, message } or { success: false, error, code, details, requestId }.',
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The partner API (docs/partner-api.md): `Authorization: Bearer amk_test_…` or `amk_live_…`.
          apiKeyAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'amk_ API key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => header,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
});

/** The OpenAPI security requirement of the /api/sense routes, whose contracts are libs/domain's (contracts/tables.ts, readings.ts). */
export const security = [{ bearerAuth: [] }];

/** The OpenAPI security requirement of the report routes, whose contracts are libs/domain's (contracts/reports.ts). */
export const security = [{ bearerAuth: [] }];

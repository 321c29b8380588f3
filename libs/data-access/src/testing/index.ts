export { FIXTURE_NOW, adminUser, sessionFor, loginSuccess } from './fixtures';
export { authHandlers } from './handlers';

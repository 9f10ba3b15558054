export { actUntil, renderApp, settled, type RenderAppOptions, type RenderedApp } from './render-app';
export {
  APP_ORIGIN,
  answerStatement,
  createErpEnv,
  currentEnv,
  editErpAnswer,
  gatewayFetch,
  loginAs,
  mswServer,
  setDemoFail,
  setDemoFailRules,
  setDemoShape,
  type DemoFail,
  type DemoShape,
  type ErpEnv,
} from './erp-env';
export { allowConsoleError } from './console-guard';
export { hangStatements } from './hanging-statements';

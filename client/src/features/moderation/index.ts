// What the moderation feature offers other features and the routes (docs/product.md#operators-and-reports).
export { ReportButton } from './components/report-button';
export { OperatorConsole } from './components/operator-console';

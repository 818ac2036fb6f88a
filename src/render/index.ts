// Charts and overlays rendered inside the tests: renderChart / renderCharts (helm template) and renderKustomization.
export { renderChart, renderCharts, RenderedChart, type ChartMatrix, type ChartValues, type RenderChartOptions, type SetValues, type ValuesSet } from './helm';
export { renderKustomization, RenderedKustomization, type RenderKustomizationOptions } from './kustomize';
export { releaseNameProblem } from './helm-args';
export { RenderError } from './tool';

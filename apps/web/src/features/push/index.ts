// Push notifications' face (docs/architecture.md, "Web layers"). Tracking starts them through the lazy
// entry startPush.ts: the whole feature loads on demand.
export { startPush } from './startPush';

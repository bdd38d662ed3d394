/**
 * What other modules may use of labels: the labels attached to an entity (batch loading, removal
 * with the entity, the response shape) and the route family that attaches them. The label
 * catalogue itself is master data.
 */
export { entityLabels, labelRoutes, LabelObject, type Label } from './attachments.js';

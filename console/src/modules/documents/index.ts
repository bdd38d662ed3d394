/** The door of documents (docs/console.md#modules): the documents other pages make from their jobs. */
export { CreateFromJobs } from './create-from-jobs';
export { PurchaseOrderFromOutsourcing } from './purchase-order-from-outsourcing';

/*
 * The kit's field and table region (kit/), for the pages not yet on the kit (staff, till keys, login, content,
 * programme): they move to the kit's own imports with the rest of issue 28, and this file goes.
 */
export { Field } from './kit/field';
export { TableScroll } from './kit/data-table';

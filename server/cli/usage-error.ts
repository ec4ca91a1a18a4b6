/** A command line the tool cannot run: the message says what it needs. */
export class UsageError extends Error {}

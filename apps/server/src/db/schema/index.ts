/**
 * The database schema (Drizzle), one file per feature; every module imports its tables and row types from here.
 * The SQL itself is written by hand in drizzle/ (the migrations); this describes the same tables for queries.
 */
export * from "./catalog";
export * from "./accounts";
export * from "./sign-in";
export * from "./photos";
export * from "./payments";
export * from "./moderation";
export * from "./verification";
export * from "./platform";
export * from "./tours";
export * from "./analytics";
export * from "./boosts";

import { configurePortugueseMessages } from "./zod-locale";

// Every validation message the server sends and every form shows is in Brazilian Portuguese.
configurePortugueseMessages();

export * from "./zod-locale";
export * from "./errors";
export * from "./common";
export * from "./limits";
export * from "./text";
export * from "./money";
export * from "./due-dates";
export * from "./statuses";
export * from "./payment-methods";
export * from "./fields";
export * from "./auth";
export * from "./places";
export * from "./plans";
export * from "./settings";
export * from "./models";
export * from "./photos";
export * from "./public-models";
export * from "./cities";
export * from "./visits";
export * from "./age-assurance";
export * from "./profile";
export * from "./products";
export * from "./account";
export * from "./mail";
export * from "./payments";
export * from "./admin";
export * from "./admin-models";
export * from "./admin-catalog";
export * from "./pix";
export * from "./page-markers";
export * from "./moderation";
export * from "./verification";
export * from "./sessions";
export * from "./two-factor";

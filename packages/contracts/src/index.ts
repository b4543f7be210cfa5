import { z } from "zod";

// Every validation message the server sends and every form shows is in Brazilian Portuguese.
z.config(z.locales.ptBR());

export * from "./errors";
export * from "./common";
export * from "./limits";
export * from "./auth";
export * from "./places";
export * from "./plans";
export * from "./settings";
export * from "./models";
export * from "./text";
export * from "./photos";
export * from "./public-models";
export * from "./cities";
export * from "./profile";
export * from "./products";
export * from "./account";

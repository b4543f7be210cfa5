import { queryScope } from "@/lib/query-keys";

/** Key of the model's own moderation decisions. */
export const ownModerationKey = () => queryScope("me", "moderation");

export * from "./game-backend.ts";

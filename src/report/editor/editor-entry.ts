// The ramp editor page script's entry (SPEC 8): esbuild bundles it for the
// browser (editor-bundle.ts) and the report page inlines the bundle.
import { startEditor } from "./start-editor.ts";

startEditor(document, window);

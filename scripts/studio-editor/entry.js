// The pieces of CodeMirror 6 the studio uses, exposed as window.BpdslEditor (bundled by build.sh).
import { EditorView, basicSetup } from "codemirror";
import { EditorState } from "@codemirror/state";
import { keymap } from "@codemirror/view";
import { yaml } from "@codemirror/lang-yaml";
import { linter, lintGutter, forceLinting, setDiagnostics } from "@codemirror/lint";

window.BpdslEditor = { EditorView, EditorState, basicSetup, keymap, yaml, linter, lintGutter, forceLinting,
                       setDiagnostics };

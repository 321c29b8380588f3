// The faces the signed-out screens draw with: Inter's Latin subset in the four weights they use,
// fetched when the text needs them and drawn with swap (none is preloaded: the form never waits
// for a font; first-load.css sizes the stand-in like Inter). The signed-in console adds
// the other subsets and JetBrains Mono (fonts.ts); a face both declare is the same file.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';

// The faces the signed-out screens draw with: Inter's Latin subset in the four weights they use
// (index.html preloads the three every visitor sees: 400, 600, 700). The signed-in console adds
// the other subsets and JetBrains Mono (fonts.ts); a face both declare is the same file.
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';

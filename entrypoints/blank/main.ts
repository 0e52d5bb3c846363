// The blank page's one module script (see index.html): it only marks that it ran, so the bundler keeps
// it (an empty module would be dropped with its <script> tag).
performance.mark('blank-script');

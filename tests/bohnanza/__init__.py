"""Rule tests of Bohnanza: one test per rule sentence of the French rules text."""

# snippet_scanner.c is committed; regenerate it when the .re changed and re2c 3.0+ was found. Run from
# scanner/ so the #line paths in the generated file do not depend on the checkout.
$(srcdir)/scanner/snippet_scanner.c: $(srcdir)/scanner/snippet_scanner.re
	@if test -n "$(ALTAIR_EVAL_RE2C)"; then cd $(srcdir)/scanner && $(ALTAIR_EVAL_RE2C) -W --no-generation-date -o snippet_scanner.c snippet_scanner.re; fi

//! nom recognizers for the contexts of RFC 2396 Appendix E: `<...>`, `<URL:...>`, `URL:`,
//! `"..."`, `[...]`, `{...}`, bare URIs, and line breaks after a hyphen.

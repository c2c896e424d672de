// Swagger UI's colours where they are too faint to read (WCAG AA, 4.5:1), and the one-server
// picker hidden (it has no label, and there is nothing to pick): the reference page's theme.
export const API_DOCS_CSS = `
.swagger-ui .opblock .opblock-summary-method { color: #000; text-shadow: none; }
.swagger-ui .info .title small, .swagger-ui .info .title small pre { background: #4a4f57; color: #fff; }
.swagger-ui .info a, .swagger-ui .info .link, .swagger-ui .info .url, .swagger-ui a.nostyle { color: #174f8c; }
.swagger-ui .btn.authorize, .swagger-ui .btn.authorize span { color: #15623c; border-color: #15623c; }
.swagger-ui .btn.authorize svg { fill: #15623c; }
.swagger-ui .scheme-container .servers-title, .swagger-ui .scheme-container .servers { display: none; }
.swagger-ui .opblock-tag small, .swagger-ui .opblock .opblock-summary-description { color: #222; }
.swagger-ui .parameter__in, .swagger-ui .prop-format, .swagger-ui .parameter__type { color: #444; }
`;

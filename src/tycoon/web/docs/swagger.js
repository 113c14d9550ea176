// The REST API's documentation (docs/protocol.md): Swagger UI over the server's /openapi.json.
// A file rather than an inline script, so the page keeps the server's Content-Security-Policy.
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  layout: "BaseLayout",
});

// Vite puts its own BASE_URL ("/") into process.env; it is not the service's BASE_URL, and processes a
// test starts would inherit it. Tests name the base URL they mean explicitly.
delete process.env.BASE_URL;

/** The contract's version, as the OpenAPI document, the agent card and the MCP server announce it. */
export const CONTRACT_VERSION = '0.12.0-stage12';

/** The service's name, as the discovery documents (metadata, llms.txt, the agent card) give it. */
export const SERVICE_NAME = 'Task-and-Directory Service';

"""The MCP server: ``server`` defines it (tools, resources, instructions, errors);
``stdio`` and ``http`` are its two thin transports."""

// The sandbox calls. Filled as the sandbox routes move onto the endpoint table.
export {};

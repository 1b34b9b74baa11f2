// The chat calls. Filled as the chat routes move onto the endpoint table.
export {};

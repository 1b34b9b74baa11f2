// The webhooks calls. Filled as the webhooks routes move onto the endpoint table.
export {};

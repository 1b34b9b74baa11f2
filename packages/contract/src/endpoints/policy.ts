// The policy calls. Filled as the policy routes move onto the endpoint table.
export {};

// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title Test USDC on FinCrypt's local chains
/// @notice An ERC-20 with 6 decimals, as Circle's test USDC, which FinCrypt's faucet (the minter) creates.
/// @dev The node places this contract's runtime code at Circle's test USDC address (anvil_setCode), so that codes
/// and wallets name the same token on the local chain as on the real testnet. Code placed that way runs no
/// constructor: the name, symbol and decimals are constants, and the minter is set in its storage slot
/// (its number is in the compiled artifact's storage layout).
contract TestUSDC is ERC20 {
    address public minter;

    error NotMinter(address caller);

    constructor(address minter_) ERC20("USD Coin", "USDC") {
        minter = minter_;
    }

    function name() public pure override returns (string memory) {
        return "USD Coin";
    }

    function symbol() public pure override returns (string memory) {
        return "USDC";
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    /// @notice Creates `amount` (in millionths) for `to`; only the minter may.
    function mint(address to, uint256 amount) external {
        if (msg.sender != minter) revert NotMinter(msg.sender);
        _mint(to, amount);
    }
}
